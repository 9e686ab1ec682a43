/** English texts of the admin console; the Italian ones must have exactly these keys. */
export const en = {
  app: {
    title: 'Marketplace admin',
    dashboard: {
      title: 'Overview',
      intro: 'This is where the marketplace is run. The console holds, or will soon hold:',
      sections: {
        categories: 'Categories: the catalogue categories and their names in every language',
        sellers: 'Sellers: applications, verification and payouts',
        products: 'Products and offers: moderation of what sellers list',
        orders: 'Orders: payments, key deliveries, refunds and disputes',
        users: 'Users and their roles',
      },
    },
  },
  resources: {
    categories: {
      name: 'Category |||| Categories',
      title: 'Category %{name}',
      fields: {
        id: 'ID',
        position: 'Position',
        name: 'Name',
        names: { en: 'Name (English)', it: 'Name (Italian)' },
      },
    },
  },
};
