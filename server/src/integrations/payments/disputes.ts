import type { Currency, PaymentProvider } from '@market/shared';

/**
 * A payment dispute (PayPal Disputes API v1, Checkout.com Disputes) in the shop's terms: the one
 * shape both clients answer `getDispute` with, so the disputes module never branches on the
 * provider.
 *
 * `status`: `needs_response` while the provider waits for the seller's evidence,
 * `under_review` once it is in, `won` / `lost` when decided (lost also when the response date
 * passed), `other` for anything else (an inquiry PayPal still handles between the parties).
 */
export type ProviderDispute = {
  provider: PaymentProvider;
  disputeId: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'other';
  /** The provider's own status (`WAITING_FOR_SELLER_RESPONSE`, `evidence_required` …). */
  providerStatus: string;
  /** The provider's reason (PayPal `reason`, Checkout.com `category` and `reason_code`). */
  reason: string;
  amountCents: number;
  currency: Currency | null;
  /** When the provider needs the evidence by (`seller_response_due_date`, `evidence_required_by`). */
  dueAt: Date | null;
  /** The capture or payment disputed (PayPal capture id, Checkout.com `pay_…`). */
  captureId: string | null;
  /** Our order id as the provider recorded it with the payment (null when it cannot tell). */
  orderId: string | null;
  /** The provider's decision in its words (outcome code and any message), null until decided. */
  outcome: string | null;
};

/**
 * The evidence as text sections, each client placing them in its provider's fields: PayPal
 * evidences' `notes` (2,000 characters each), Checkout.com's `*_text` fields (500 each). Each
 * section starts with its labelled lines (`Delivered at: …`), so a field cut to its limit keeps
 * the facts and loses only the detail after them.
 */
export type DisputeEvidenceText = {
  /** Proof of delivery: the order, delivery time, each key's reveal. */
  delivery: string;
  /** When the order was delivered: Checkout.com's `proof_of_delivery_or_service_date_text`. */
  deliveredAt: Date | null;
  /** The buyer's express waiver of the right of withdrawal, with its time. */
  withdrawal: string;
  /** The mails the shop sent the buyer about the order. */
  communication: string;
  /** The buyer's account: age, email verification, sign-in and order addresses. */
  account: string;
  /**
   * The order's invoice as a PDF, sent as a file beside the text (PayPal: an `evidence-file`
   * part named in the proof of fulfilment; Checkout.com: an uploaded file as
   * `invoice_or_receipt_file`). Absent for an order with no invoice: text only.
   */
  invoice?: { number: string; filename: string; pdf: Uint8Array };
};

/** One part of a multipart/form-data body: a field, or a file (with its name and type). */
export type FormPart = {
  name: string;
  data: string | Uint8Array;
  filename?: string;
  contentType?: string;
};

/**
 * A multipart/form-data body (RFC 7578) as bytes: both providers take evidence files this way
 * (PayPal's provide-evidence, Checkout.com's `POST /files`), and a PDF is binary, so the body
 * cannot be a string. The platform's FormData encoder writes it (boundary, escaped names).
 */
export async function formData(
  parts: FormPart[],
): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.data === 'string') {
      form.append(part.name, part.data);
      continue;
    }
    const type = part.contentType ?? 'application/octet-stream';
    form.append(part.name, new Blob([Buffer.from(part.data)], { type }), part.filename);
  }
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** Cuts a section to a field's limit on a line boundary where possible. */
export function fitText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastLine = cut.lastIndexOf('\n');
  return lastLine > limit / 2 ? cut.slice(0, lastLine) : cut;
}
