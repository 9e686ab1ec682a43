/** English texts of the seller console; the Italian ones must have exactly these keys. */
export const en = {
  app: {
    title: 'Marketplace seller console',
    dashboard: {
      title: 'Overview',
      intro: 'This is where you sell on the marketplace. The console holds, or will soon hold:',
      sections: {
        categories: 'Categories: the catalogue categories your products are listed in',
        offers: 'Your offers: products, prices and keys in stock',
        orders: 'Your orders and their key deliveries',
        payouts: 'Your balance and payouts',
      },
    },
    register: {
      link: 'Apply to sell',
      title: 'Apply to sell',
      intro: 'Tell us about your business. An admin reviews every application before you can sell.',
      fields: {
        email: 'Email',
        name: 'Shop name',
        registrationName: 'Registration name',
        vatNumber: 'VAT number',
        image: 'Image URL (optional)',
        password: 'Password',
      },
      help: {
        name: 'The name buyers see',
        registrationName: 'Your business’s legal name, as in the business register',
        vatNumber: 'With its country code, e.g. IT01234567890',
        image: 'A logo or picture of your shop, as a web address',
        password: 'At least 6 characters: you will sign in with it',
      },
      submit: 'Send application',
      sent: 'Application sent. Verify your email with the link we sent, then sign in here to follow your application.',
      sign_in: 'Go to sign in',
      have_account: 'Already applied? Sign in',
      errors: {
        email: 'Enter a valid email address',
        email_taken: 'An account with this email already exists. Sign in instead.',
        name: 'Enter a shop name of 2 to 80 characters',
        registrationName: 'Enter the registered name (2 to 160 characters)',
        vatNumber: 'A VAT number starts with its country code, e.g. IT01234567890',
        image: 'Enter a full web address (https://…) or leave it empty',
        password: 'Use 6 to 128 characters',
        failed: 'Your application could not be sent. Try again later.',
        network: 'Cannot reach the marketplace. Check your connection and try again.',
      },
    },
    application: {
      title: 'Your seller application',
      status: {
        pending: 'Your application is being reviewed.',
        approved: 'Your application has been approved.',
        rejected: 'Your application was rejected.',
        suspended: 'Your seller account is suspended.',
      },
      next: {
        pending: 'We will email you once an admin has decided.',
        approved: 'Select "Check again" to open the seller console.',
        rejected: 'Write to the marketplace if you think this is a mistake.',
        suspended: 'You cannot sell until an admin approves your account again.',
      },
      reason: 'Reason: %{reason}',
      shop: 'Shop: %{name}',
      applied: 'Applied on %{date}',
      none: 'This account has no seller application.',
      load_failed: 'Your application cannot be loaded right now. Try again later.',
      check_again: 'Check again',
      sign_out: 'Sign out',
    },
  },
  resources: {
    categories: {
      name: 'Category |||| Categories',
      fields: { id: 'ID', position: 'Position', name: 'Name' },
    },
  },
};
