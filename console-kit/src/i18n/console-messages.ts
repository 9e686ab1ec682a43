import type { TranslationOf } from './message-tree.ts';

/** English texts of what the kit itself shows: sign-in screen, auth errors, dashboard greeting. */
export const consoleMessagesEn = {
  app: {
    auth: {
      sign_in_prompt: 'Sign in with your email and password.',
      wrong_role: 'This account is not allowed to use this console.',
      unverified_email:
        'Verify your email address first: open the link we mailed you, then sign in again.',
      invalid_credentials: 'Wrong email or password.',
      user_disabled: 'This account has been disabled.',
      too_many_requests: 'Too many attempts. Wait a moment, then try again.',
      network_error: 'Cannot reach the sign-in service. Check your connection.',
      config_unavailable: 'The console cannot load its settings. Try again later.',
      recent_sign_in: {
        title: 'Confirm it’s you',
        explain:
          'This change needs a recent sign-in. Enter the password of %{email} to carry on; what you were doing then finishes.',
        confirm: 'Confirm',
      },
    },
    dashboard: {
      greeting: 'Welcome, %{email}',
      period: { label: 'Period', days: 'Last %{smart_count} days' },
      loading: 'Loading the figures…',
      load_failed: 'The figures could not be loaded. Try again later.',
      nothing_sold: 'Nothing sold in this period.',
      units: 'Units',
      orders: 'Orders',
      revenue_in: 'Revenue (%{currency})',
    },
    bulk: {
      done: '%{succeeded} done, %{failed} failed',
    },
    // The menu's sections by job (layout/GroupedMenu.tsx).
    menu: {
      catalogue: 'Catalogue',
      orders: 'Orders and money',
      sellers: 'Sellers',
      suppliers: 'Suppliers',
      content: 'Content',
      system: 'System',
      selling: 'Selling',
      shop: 'Shop and integrations',
    },
    // The work waiting on each console's home (dashboard/WorkQueues.tsx).
    work: {
      title: 'Waiting for you',
      oldest: 'oldest since %{date}',
      deadline: 'first deadline %{date}',
      ordersInReview: 'Orders in review',
      escalatedClaims: 'Claims waiting for a decision',
      sellerApplications: 'Seller applications',
      pendingReviews: 'Reviews to moderate',
      openBreakers: 'Suppliers whose breaker is open',
      failedPayouts: 'Failed payouts',
      failedMails: 'Mails that failed',
      openClaims: 'Claims to answer',
      outOfStock: 'Offers out of keys',
      lowStock: 'Offers running low on keys',
    },
  },
  // What both consoles show of defective-key claims (console-kit's claims fields).
  resources: {
    claims: {
      statuses: {
        open: 'Open',
        escalated: 'Escalated',
        replacing: 'Replacing',
        refunding: 'Refunding',
        replaced: 'Replaced',
        refunded: 'Refunded',
        rejected: 'Rejected',
      },
      reasons: {
        not_working: 'Not working',
        already_used: 'Already used',
        wrong_region: 'Wrong region',
        wrong_product: 'Wrong product',
        other: 'Other',
      },
      actors: { buyer: 'Buyer', seller: 'Seller', admin: 'Admin', system: 'The shop (automatic)' },
      history: { at: 'When', to: 'Became', actor: 'By', note: 'Note' },
      defect_rate: '%{per100} per 100 keys (%{upheld} of %{sold})',
    },
    conversations: {
      thread: {
        title: 'Messages',
        empty: 'No messages yet.',
        load_failed: 'The messages could not be loaded. Try again later.',
        message: 'Your message',
        send: 'Send',
        authors: { buyer: 'Buyer', seller: 'Seller', marketplace: 'Marketplace' },
      },
    },
  },
};

/** Italian texts of the kit, key for key with the English ones. */
export const consoleMessagesIt: TranslationOf<typeof consoleMessagesEn> = {
  app: {
    auth: {
      sign_in_prompt: 'Accedi con la tua email e la tua password.',
      wrong_role: 'Questo account non è autorizzato a usare questa console.',
      unverified_email:
        'Prima verifica il tuo indirizzo email: apri il link che ti abbiamo inviato, poi accedi di nuovo.',
      invalid_credentials: 'Email o password errate.',
      user_disabled: 'Questo account è stato disattivato.',
      too_many_requests: 'Troppi tentativi. Attendi un momento e riprova.',
      network_error: 'Impossibile raggiungere il servizio di accesso. Controlla la connessione.',
      config_unavailable:
        'La console non riesce a caricare le sue impostazioni. Riprova più tardi.',
      recent_sign_in: {
        title: 'Conferma che sei tu',
        explain:
          'Questa modifica richiede un accesso recente. Inserisci la password di %{email} per continuare: quello che stavi facendo verrà completato.',
        confirm: 'Conferma',
      },
    },
    dashboard: {
      greeting: 'Ciao, %{email}',
      period: { label: 'Periodo', days: 'Ultimi %{smart_count} giorni' },
      loading: 'Caricamento dei dati…',
      load_failed: 'Impossibile caricare i dati. Riprova più tardi.',
      nothing_sold: 'Nessuna vendita in questo periodo.',
      units: 'Unità',
      orders: 'Ordini',
      revenue_in: 'Ricavi (%{currency})',
    },
    bulk: {
      done: '%{succeeded} completate, %{failed} non riuscite',
    },
    menu: {
      catalogue: 'Catalogo',
      orders: 'Ordini e denaro',
      sellers: 'Venditori',
      suppliers: 'Fornitori',
      content: 'Contenuti',
      system: 'Sistema',
      selling: 'Vendite',
      shop: 'Negozio e integrazioni',
    },
    work: {
      title: 'In attesa di te',
      oldest: 'il più vecchio dal %{date}',
      deadline: 'prima scadenza %{date}',
      ordersInReview: 'Ordini in revisione',
      escalatedClaims: 'Reclami in attesa di una decisione',
      sellerApplications: 'Richieste dei venditori',
      pendingReviews: 'Recensioni da moderare',
      openBreakers: 'Fornitori con il circuito aperto',
      failedPayouts: 'Pagamenti ai venditori non riusciti',
      failedMails: 'Email non inviate',
      openClaims: 'Reclami a cui rispondere',
      outOfStock: 'Offerte senza chiavi',
      lowStock: 'Offerte con poche chiavi',
    },
  },
  // What both consoles show of defective-key claims (console-kit's claims fields).
  resources: {
    claims: {
      statuses: {
        open: 'Aperta',
        escalated: 'Inoltrata all’admin',
        replacing: 'In sostituzione',
        refunding: 'In rimborso',
        replaced: 'Sostituita',
        refunded: 'Rimborsata',
        rejected: 'Respinta',
      },
      reasons: {
        not_working: 'Non funziona',
        already_used: 'Già usata',
        wrong_region: 'Regione sbagliata',
        wrong_product: 'Prodotto sbagliato',
        other: 'Altro',
      },
      actors: {
        buyer: 'Acquirente',
        seller: 'Venditore',
        admin: 'Admin',
        system: 'Il negozio (automatico)',
      },
      history: { at: 'Quando', to: 'Diventata', actor: 'Da', note: 'Nota' },
      defect_rate: '%{per100} ogni 100 chiavi (%{upheld} su %{sold})',
    },
    conversations: {
      thread: {
        title: 'Messaggi',
        empty: 'Ancora nessun messaggio.',
        load_failed: 'Impossibile caricare i messaggi. Riprova più tardi.',
        message: 'Il tuo messaggio',
        send: 'Invia',
        authors: { buyer: 'Acquirente', seller: 'Venditore', marketplace: 'Marketplace' },
      },
    },
  },
};
