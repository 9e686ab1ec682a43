import type { MessageKey } from './messages.en.ts';

/** The mails' Italian texts: every key of `messages.en.ts` (the type fails on a missing one). */
export const it: Record<MessageKey, string> = {
  'common.hello': 'Ciao {{name}},',
  'common.helloNoName': 'Ciao,',
  'common.yourOrder': 'Il tuo ordine',
  'common.product': 'Prodotto',
  'common.quantity': 'Qtà',
  'common.price': 'Prezzo',
  'common.subtotal': 'Subtotale',
  'common.discount': 'Sconto',
  'common.vatIncluded': 'di cui IVA',
  'common.total': 'Totale',
  'common.vatRate': 'IVA {{rate}}',
  'common.zeroVat': 'senza IVA',
  'common.ignore': 'Se non l’hai chiesto tu, ignora questa email.',

  'verifyEmail.subject': 'Verifica il tuo indirizzo email',
  'verifyEmail.intro': 'Apri questo link per verificare il tuo indirizzo email:',
  'verifyEmail.button': 'Verifica il tuo indirizzo email',

  'passwordReset.subject': 'Reimposta la tua password',
  'passwordReset.intro':
    'È stato chiesto di reimpostare la password del tuo account. Apri questo link per sceglierne una nuova:',
  'passwordReset.button': 'Scegli una nuova password',

  'adminInvite.subject': 'Sei invitato a gestire {{shop.name}}',
  'adminInvite.intro':
    'Sei invitato a gestire il marketplace come amministratore. Scegli la tua password:',
  'adminInvite.button': 'Scegli la tua password',
  'adminInvite.then': 'Poi accedi alla console di amministrazione:',

  'chatMessage.subject': 'Nuovo messaggio sull’ordine {{number}}',
  'chatMessage.intro': 'Hai un nuovo messaggio sull’ordine {{number}}.',
  'chatMessage.account': 'Leggilo e rispondi dal tuo account',
  'chatMessage.console': 'Leggilo e rispondi nella console venditore',

  'orderReceived.subject': 'Abbiamo ricevuto il tuo ordine {{number}}',
  'orderReceived.intro':
    'Grazie: abbiamo ricevuto il pagamento del tuo ordine {{number}}. Ti scriveremo di nuovo quando le tue chiavi saranno pronte.',

  'orderReview.subject': 'Il tuo ordine {{number}} è in verifica',
  'orderReview.intro':
    'Il tuo ordine {{number}} è pagato e il nostro team lo sta verificando prima della consegna. Di solito bastano poche ore; ti scriveremo appena sarà deciso.',

  'orderDelivered.subject': 'Il tuo ordine {{number}} è pronto',
  'orderDelivered.intro':
    'Il tuo ordine {{number}} è approvato. Le tue chiavi ti aspettano nel tuo account.',
  'orderDelivered.button': 'Vedi le tue chiavi',
  'orderDelivered.sellers': 'Venduto da',
  'orderDelivered.trader': '{{registrationName}}, partita IVA {{vatNumber}}',
  'orderDelivered.invoice': 'In allegato la fattura {{invoice}} (PDF).',

  'orderCancelled.subject':
    'Il tuo ordine {{number}} è stato {{#if declined}}rifiutato{{else}}annullato{{/if}}',
  'orderCancelled.intro': 'Il tuo ordine {{number}} è stato annullato e non sarà consegnato.',
  'orderCancelled.declinedIntro':
    'Il tuo ordine {{number}} è stato rifiutato e non sarà consegnato.',
  'orderCancelled.refund':
    'I {{money refundCents currency}} che hai pagato tornano sul tuo metodo di pagamento.',
  'orderCancelled.noCharge': 'Non ti è stato addebitato nulla.',

  'refundIssued.subject': 'Ordine {{number}}: {{money amountCents currency}} rimborsati',
  'refundIssued.intro':
    'Abbiamo rimborsato {{money amountCents currency}} del tuo ordine {{number}} sul tuo metodo di pagamento.',
  'refundIssued.line': 'Rimborsato: {{item}}.',
  'refundIssued.delay':
    'A seconda della tua banca, possono servire alcuni giorni prima di vederlo nell’estratto conto.',

  'lineNotDelivered.subject': 'Ordine {{number}}: {{item}} rimborsato',
  'lineNotDelivered.intro':
    'Non siamo riusciti a ottenere la chiave di {{item}} dal fornitore del venditore, quindi quella riga del tuo ordine {{number}} ti è rimborsata sul tuo metodo di pagamento.',

  'claimOpened.subject': 'Un acquirente segnala una chiave di {{item}} come non funzionante',
  'claimOpened.intro':
    'Un acquirente segnala una chiave di {{item}} (ordine {{number}}) come non funzionante ({{t reasonKey}}).',
  'claimOpened.deadline':
    'Sostituiscila o rimborsala entro {{respondBy}} UTC, altrimenti la riga è rimborsata automaticamente.',
  'claimOpened.button': 'Apri la segnalazione',
  'claimReason.not_working': 'non funziona',
  'claimReason.already_used': 'già usata',
  'claimReason.wrong_region': 'regione sbagliata',
  'claimReason.wrong_product': 'prodotto sbagliato',
  'claimReason.other': 'altro motivo',

  'claimSettled.subject': 'Ordine {{number}}: la tua segnalazione su {{item}}',
  'claimSettled.intro':
    'La tua segnalazione su una chiave di {{item}} (ordine {{number}}) è chiusa:',
  'claimSettled.replaced':
    'il venditore ha sostituito la chiave. La nuova chiave ti aspetta nel tuo ordine.',
  'claimSettled.refunded': 'la chiave ti è stata rimborsata sul tuo metodo di pagamento.',
  'claimSettled.rejected': 'dopo la verifica, la chiave risulta funzionante.',
  'claimSettled.note': 'Nota: {{note}}',

  'sellerLegalChange.subject': 'Modifica dei dati legali {{t outcomeKey}}',
  'sellerLegalChange.approved': 'approvata',
  'sellerLegalChange.rejected': 'non approvata',
  'sellerLegalChange.intro':
    'La modifica dei dati legali di {{shopName}} (ragione sociale, partita IVA, indirizzo) è stata {{t outcomeKey}}.',
  'sellerLegalChange.button': 'Profilo del negozio',

  'sellerStatus.subject': 'Account venditore {{t statusKey}}',
  'sellerStatus.approved': 'approvato',
  'sellerStatus.rejected': 'rifiutato',
  'sellerStatus.suspended': 'sospeso',
  'sellerStatus.pending': 'in attesa',
  'sellerStatus.intro': 'La tua richiesta di vendere come {{shopName}} è ora: {{t statusKey}}.',
  'sellerStatus.reason': 'Motivo: {{reason}}',
  'sellerStatus.button': 'Console venditore',

  'sellerSale.subject': 'Nuova vendita: ordine {{number}}',
  'sellerSale.intro':
    'Hai venduto queste righe dell’ordine {{number}}; le chiavi sono andate all’acquirente.',
  'sellerSale.button': 'Vedi la vendita',

  'sellerLowStock.subject': 'Scorte basse: {{item}}',
  'sellerLowStock.intro':
    'La tua offerta per {{item}} ha ancora {{stock}} chiavi. Caricane altre per tenerla in vendita.',
  'sellerLowStock.button': 'Le tue offerte',

  'sellerPayout.subject': 'Pagamento di {{money amountCents currency}} inviato',
  'sellerPayout.intro': 'Ti abbiamo inviato un pagamento di {{money amountCents currency}}.',
  'sellerPayout.reference': 'Riferimento: {{reference}}',
  'sellerPayout.button': 'I tuoi pagamenti',

  'sellerOfferPaused.subject': 'Ordine {{number}}: {{item}} rimborsato, offerta in pausa',
  'sellerOfferPaused.intro':
    'Un acquirente ha pagato {{item}} ma non è stato possibile acquistare la chiave: {{t whyKey}}.',
  'supplierRefusal.OUT_OF_STOCK': '{{supplier}} non aveva più chiavi',
  'supplierRefusal.PRICE_CHANGED': 'il prezzo di {{supplier}} ha superato il tuo costo massimo',
  'supplierRefusal.INSUFFICIENT_BALANCE': 'il tuo saldo presso {{supplier}} non copriva l’acquisto',
  'supplierRefusal.UNAUTHORIZED': '{{supplier}} ha rifiutato le credenziali della tua connessione',
  'supplierRefusal.NOT_FOUND':
    '{{supplier}} non ha più questo prodotto (o la connessione non esiste più)',
  'supplierRefusal.UNAVAILABLE': '{{supplier}} non ha risposto in tempo',
  'supplierRefusal.REJECTED': '{{supplier}} ha rifiutato l’acquisto: {{detail}}',
  'sellerOfferPaused.paused':
    'La riga è stata rimborsata e l’offerta resta in pausa finché la prossima sincronizzazione non la trova di nuovo vendibile.',
};
