import type { RevealedKeyCode } from '@market/shared';
import type { ReactNode } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';

export interface ShownKeyCodeProps {
  code: RevealedKeyCode;
  /** The key's position and product name, for labels. */
  names: { n: number; name: string };
  onCopy: (text: string) => void;
  /** Further actions after Copy / Download (Hide). */
  children?: ReactNode;
  t: Messages['account']['orders'];
}

/** The image as a URL the page can show and save, without another request. */
const dataUrl = ({ mimeType, base64 }: { mimeType: string; base64: string }) =>
  `data:${mimeType};base64,${base64}`;

/**
 * A revealed code and its first action: a text code to read and copy; an image code (a scanned
 * card some suppliers deliver) as the picture itself, with a download of the supplier's file.
 */
export default function ShownKeyCode({ code, names, onCopy, children, t }: ShownKeyCodeProps) {
  if (code.kind === 'image') {
    const url = dataUrl(code.image);
    return (
      <>
        <img className="code-image" src={url} alt={interpolate(t.imageAlt, names)} />
        <div className="key-actions">
          <a
            href={url}
            download={code.image.filename}
            aria-label={interpolate(t.downloadLabel, names)}
          >
            {t.download}
          </a>
          {children}
        </div>
      </>
    );
  }
  return (
    <>
      <code className="code">{code.code}</code>
      <div className="key-actions">
        <button
          type="button"
          aria-label={interpolate(t.copyLabel, names)}
          onClick={() => onCopy(code.code)}
        >
          {t.copy}
        </button>
        {children}
      </div>
    </>
  );
}
