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
        sellers: 'Venditori: richieste, verifiche e pagamenti',
        products: 'Prodotti e offerte: moderazione di ciò che i venditori pubblicano',
        orders: 'Ordini: pagamenti, consegne delle chiavi, rimborsi e contestazioni',
        users: 'Utenti e relativi ruoli',
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
  },
};
