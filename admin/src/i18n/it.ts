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
