import type { TranslationOf } from '@market/console-kit';
import type { en } from './en.ts';

/** Italian texts of the admin console. */
export const it: TranslationOf<typeof en> = {
  app: {
    title: 'Amministrazione del marketplace',
    dashboard: {
      title: 'Panoramica',
      intro: 'Da qui si gestisce il marketplace. La console contiene, o conterrà presto:',
      sections: {
        categories: 'Categorie: le categorie del catalogo e i loro nomi in ogni lingua',
        sellers: 'Venditori: richieste da esaminare, approvazioni, rifiuti e sospensioni',
        products: 'Prodotti e offerte: moderazione di ciò che i venditori pubblicano',
        orders: 'Ordini: pagamenti, consegne delle chiavi, rimborsi e contestazioni',
        users: 'Utenti: account e ruoli, blocchi, email di verifica',
        outbox:
          'Posta in uscita: ogni email inviata dal marketplace (offline, l’unico posto in cui leggerle)',
      },
    },
  },
  resources: {
    categories: {
      name: 'Categoria |||| Categorie',
      title: 'Categoria %{name}',
      fields: {
        id: 'ID',
        position: 'Posizione',
        name: 'Nome',
        names: { en: 'Nome (inglese)', it: 'Nome (italiano)' },
      },
    },
    macrocategories: {
      name: 'Macrocategoria |||| Macrocategorie',
      fields: { id: 'ID', name: 'Nome', names: { en: 'Nome (inglese)', it: 'Nome (italiano)' } },
      help: { id: 'L’id è lo slug del nome inglese, fissato alla creazione' },
    },
    platforms: {
      name: 'Piattaforma |||| Piattaforme',
      fields: { id: 'ID', name: 'Nome', guidePath: 'Guida all’attivazione', position: 'Posizione' },
      help: {
        id: 'Slug in minuscolo; se vuoto, è ricavato dal nome. I prodotti vi fanno riferimento.',
        guidePath: 'Un percorso del negozio, es. /support/docs/guides/steam; vuoto: nessuna guida',
      },
    },
    brands: {
      name: 'Marchio |||| Marchi',
      fields: { id: 'ID', name: 'Nome' },
      help: {
        id: 'Slug in minuscolo; se vuoto, è ricavato dal nome',
        rename: 'I prodotti che nominano il marchio seguono il nuovo nome',
      },
    },
    tags: {
      name: 'Tag |||| Tag',
      fields: { id: 'ID', name: 'Nome', names: { en: 'Nome (inglese)', it: 'Nome (italiano)' } },
      help: { id: 'L’id è lo slug del nome inglese, fissato alla creazione' },
    },
    'home-content': {
      name: 'Home page |||| Home page',
      title: 'Home page',
      fields: {
        featuredProductIds: 'Prodotti in evidenza',
        banners: 'Banner',
        title: { en: 'Titolo (inglese)', it: 'Titolo (italiano)' },
        subtitle: { en: 'Sottotitolo (inglese)', it: 'Sottotitolo (italiano)' },
        imageUrl: 'URL dell’immagine',
        linkUrl: 'Link',
        active: 'Visibile',
      },
      help: {
        featured:
          'Al massimo 12, mostrati nell’ordine scelto; nessuno: si mostrano i prodotti con più scorte',
      },
    },
    users: {
      name: 'Utente |||| Utenti',
      title: 'Utente %{email}',
      fields: {
        id: 'ID',
        email: 'Email',
        fullName: 'Nome',
        name: 'Nome',
        surname: 'Cognome',
        image: 'Immagine',
        role: 'Ruolo',
        blocked: 'Bloccato',
        emailVerified: 'Email verificata',
        locale: 'Lingua',
        loginMethod: 'Metodo di accesso',
        providers: 'Provider di accesso',
        marketingConsent: 'Consenso marketing',
        sellerId: 'Venditore',
        referrer: 'Provenienza',
        createdAt: 'Creato il',
        lastSignInAt: 'Ultimo accesso',
      },
      roles: { user: 'Utente', seller: 'Venditore', admin: 'Amministratore' },
      login_methods: { password: 'Email e password', google: 'Google' },
      actions: {
        block: 'Blocca',
        unblock: 'Sblocca',
        send_verification: 'Invia email di verifica',
      },
      confirm: {
        block_title: 'Bloccare %{email}?',
        block_content:
          'L’utente viene disconnesso ovunque e non può accedere di nuovo finché non viene sbloccato.',
        unblock_title: 'Sbloccare %{email}?',
        unblock_content: 'L’utente potrà accedere di nuovo.',
      },
      notifications: {
        blocked: 'Utente bloccato',
        unblocked: 'Utente sbloccato',
        verification_sent: 'Email di verifica inviata a %{email}',
      },
    },
    sellers: {
      name: 'Venditore |||| Venditori',
      title: 'Venditore %{name}',
      fields: {
        id: 'ID',
        name: 'Nome del negozio',
        email: 'Email',
        registrationName: 'Ragione sociale',
        vatNumber: 'Partita IVA',
        image: 'Immagine',
        status: 'Stato',
        statusReason: 'Motivo',
        createdAt: 'Richiesta il',
        decidedAt: 'Decisa il',
        uid: 'Account',
      },
      statuses: {
        pending: 'In attesa',
        approved: 'Approvato',
        rejected: 'Rifiutato',
        suspended: 'Sospeso',
      },
      tabs: {
        all: 'Tutti',
        pending: 'In attesa',
        approved: 'Approvati',
        rejected: 'Rifiutati',
        suspended: 'Sospesi',
      },
      actions: { approve: 'Approva', reject: 'Rifiuta', suspend: 'Sospendi' },
      confirm: {
        approve_title: 'Approvare %{name}?',
        approve_content: 'Il venditore potrà accedere alla console venditori e pubblicare offerte.',
        reject_title: 'Rifiutare %{name}?',
        reject_content: 'La richiesta viene respinta. Potrai comunque approvarla in seguito.',
        suspend_title: 'Sospendere %{name}?',
        suspend_content:
          'Il venditore viene disconnesso e non può usare la console venditori finché non viene approvato di nuovo.',
        reason: 'Motivo (facoltativo)',
        reason_help: 'Inviato al venditore per email e mostrato nella console venditori.',
      },
      notifications: {
        approve: 'Venditore approvato',
        reject: 'Venditore rifiutato',
        suspend: 'Venditore sospeso',
        conflict:
          'Lo stato di questo venditore è cambiato nel frattempo; la pagina ora mostra quello attuale.',
      },
    },
    offers: {
      name: 'Offerta |||| Offerte',
      fields: {
        id: 'ID',
        productId: 'ID prodotto',
        productName: 'Prodotto',
        sellerId: 'ID venditore',
        sellerName: 'Venditore',
        prices: { eur: 'Prezzo (EUR)', usd: 'Prezzo (USD)', gbp: 'Prezzo (GBP)' },
        stock: 'Chiavi disponibili',
        keyCounts: 'Chiavi',
        status: 'Stato',
        createdAt: 'Creata',
      },
      statuses: { active: 'Attiva', paused: 'In pausa', hidden: 'Nascosta' },
      actions: { keys: 'Chiavi' },
      help: {
        computed_price: 'Lascia vuoto per calcolarlo dal prezzo in EUR con il tasso di cambio',
      },
      errors: { price: 'Inserisci un importo maggiore di 0, con al massimo 2 decimali' },
    },
    keys: {
      name: 'Chiave |||| Chiavi',
      fields: {
        id: 'ID',
        masked: 'Chiave',
        offerId: 'ID offerta',
        productId: 'ID prodotto',
        productName: 'Prodotto',
        sellerId: 'Venditore',
        status: 'Stato',
        createdAt: 'Aggiunta',
      },
      statuses: {
        available: 'Disponibile',
        reserved: 'Riservata',
        sold: 'Venduta',
        refunded: 'Rimborsata',
        revoked: 'Revocata',
      },
      actions: { reveal: 'Mostra', revoke: 'Revoca' },
      reveal: {
        title: 'Mostra la chiave %{masked}',
        warning:
          'La visualizzazione della chiave viene registrata nel registro di controllo con il tuo nome, l’ora e il motivo.',
        reason: 'Motivo',
        reason_help: 'Almeno 3 caratteri, ad esempio il ticket di assistenza che stai gestendo',
        confirm: 'Mostra la chiave',
        shown_once: 'La chiave viene mostrata una sola volta: copiala ora se ti serve.',
        code: 'Codice della chiave',
        copy: 'Copia',
        copied: 'Chiave copiata',
        copy_failed: 'Impossibile copiare la chiave; selezionala e copiala a mano.',
      },
      revoke: {
        title: 'Revocare la chiave %{masked}?',
        content:
          'La chiave viene tolta definitivamente dalla vendita e le disponibilità dell’offerta scendono di uno. Il motivo resta nel registro di controllo.',
      },
      notifications: {
        revoked: 'Chiave revocata',
        conflict: 'Questa chiave non è più disponibile; l’elenco ora mostra il suo stato attuale.',
      },
    },
    'exchange-rates': {
      name: 'Tasso di cambio |||| Tassi di cambio',
      fields: {
        id: 'Valuta',
        rate: 'Unità per 1 EUR',
        updatedAt: 'Aggiornato',
        updatedBy: 'Aggiornato da',
      },
      help: {
        rate: 'Quante unità di questa valuta vale un euro, ad esempio 1.08',
        reprice:
          'Salvando si aggiornano i prezzi di tutte le offerte il cui prezzo in questa valuta è calcolato dal prezzo in EUR. I prezzi fissati da un venditore non cambiano.',
      },
      errors: { rate: 'Inserisci un tasso maggiore di 0 e al massimo 1000' },
    },
    'audit-log': {
      name: 'Voce di controllo |||| Registro di controllo',
      fields: {
        id: 'ID',
        at: 'Quando',
        action: 'Azione',
        actorUid: 'Amministratore (uid)',
        targetId: 'ID record',
        actor: { email: 'Amministratore', uid: 'Amministratore (uid)' },
        target: { type: 'Tipo di record', id: 'ID record' },
        reason: 'Motivo',
        details: 'Dettagli',
        requestId: 'ID richiesta',
        ip: 'Indirizzo IP',
      },
      actions: {
        'key.reveal': 'Chiave mostrata',
        'key.revoke': 'Chiave revocata',
        'exchangeRate.update': 'Tasso di cambio modificato',
        'offer.update': 'Offerta modificata',
      },
    },
    outbox: {
      name: 'Email |||| Posta in uscita',
      title: 'Email a %{to}',
      fields: {
        id: 'ID',
        to: 'A',
        subject: 'Oggetto',
        kind: 'Tipo',
        delivery: 'Consegna',
        createdAt: 'Inviata il',
        text: 'Testo',
        html: 'Come la vede il destinatario',
      },
      kinds: {
        'verify-email': 'Verifica email',
        'seller-status': 'Stato venditore',
        generic: 'Altro',
      },
      deliveries: {
        sent: 'Inviata',
        stored: 'Solo archiviata (nessun server di posta)',
        failed: 'Non riuscita',
      },
      html_frame: 'Email %{subject}',
    },
  },
};
