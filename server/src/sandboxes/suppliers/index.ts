import { SUPPLIER_IDS, type SupplierCredentials, type SupplierId } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { ListeningSandbox } from '../kit.ts';
import {
  BUYGAMESGURU_SANDBOX_CREDENTIALS,
  startBuygamesguruSandbox,
} from './buygamesguru/index.ts';
import {
  CODESWHOLESALE_SANDBOX_CREDENTIALS,
  startCodeswholesaleSandbox,
} from './codeswholesale/index.ts';
import {
  PREPAIDFORGE_SANDBOX_CREDENTIALS,
  startPrepaidforgeSandbox,
} from './prepaidforge/index.ts';
import type { Stockroom } from './stockroom.ts';
import { startWockSandbox, WOCK_SANDBOX_CREDENTIALS } from './wock/index.ts';

/** The credentials each supplier sandbox accepts (the demo seller's connections use them). */
export const SUPPLIER_SANDBOX_CREDENTIALS: { [Id in SupplierId]: SupplierCredentials[Id] } = {
  prepaidforge: PREPAIDFORGE_SANDBOX_CREDENTIALS,
  wock: WOCK_SANDBOX_CREDENTIALS,
  codeswholesale: CODESWHOLESALE_SANDBOX_CREDENTIALS,
  buygamesguru: BUYGAMESGURU_SANDBOX_CREDENTIALS,
};

export type SupplierSandboxes = {
  /** The base URL each adapter is given (PrepaidForge's API sits under `/v1`, as the real one). */
  urls: Record<SupplierId, string>;
  stockrooms: Record<SupplierId, Stockroom>;
  /** Where CodesWholesale's sandbox posts its postbacks (they wait until it is set). */
  setPostbackUrl(url: string | null): void;
  close(): Promise<void>;
};

/**
 * Starts the four supplier sandboxes on `port` … `port + 3` (0: free ports), in the order of
 * `SUPPLIER_IDS`, each keeping its state under `dir`, so a restart keeps what they sold.
 */
export async function startSupplierSandboxes(opts: {
  port: number;
  dir: string;
  log?: Logger;
  productCount?: number;
}): Promise<SupplierSandboxes> {
  const portOf = (id: SupplierId) => (opts.port === 0 ? 0 : opts.port + SUPPLIER_IDS.indexOf(id));
  const common = (id: SupplierId) => ({
    port: portOf(id),
    dir: opts.dir,
    log: opts.log,
    productCount: opts.productCount,
  });
  const started: ListeningSandbox[] = [];
  const track = <S extends ListeningSandbox>(sandbox: S) => (started.push(sandbox), sandbox);
  try {
    const [prepaidforge, wock, codeswholesale, buygamesguru] = await Promise.all([
      startPrepaidforgeSandbox(common('prepaidforge')).then(track),
      startWockSandbox(common('wock')).then(track),
      startCodeswholesaleSandbox(common('codeswholesale')).then(track),
      startBuygamesguruSandbox(common('buygamesguru')).then(track),
    ]);
    return {
      urls: {
        prepaidforge: `${prepaidforge.url}/v1`,
        wock: wock.url,
        codeswholesale: codeswholesale.url,
        buygamesguru: buygamesguru.url,
      },
      stockrooms: {
        prepaidforge: prepaidforge.stockroom,
        wock: wock.stockroom,
        codeswholesale: codeswholesale.stockroom,
        buygamesguru: buygamesguru.stockroom,
      },
      setPostbackUrl: (url) => codeswholesale.setPostbackUrl(url),
      close: async () => {
        await Promise.all(started.map((s) => s.close()));
      },
    };
  } catch (err) {
    // One port was taken: stop the others rather than leave them listening.
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }
}
