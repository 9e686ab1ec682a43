/** English messages; the source of the message shape. */
export const en = {
  languageName: 'English',
  header: {
    homeLink: 'Home page',
    languages: 'Language',
  },
  home: {
    title: 'Game keys, software, gift cards and game accounts',
    description:
      'Buy game keys, software licences, gift cards and game accounts from trusted sellers, delivered instantly.',
    hero: 'Game keys, software and gift cards, delivered the moment you pay.',
    categoriesHeading: 'Shop by category',
  },
  notFound: {
    title: 'error',
    description: 'The page you are looking for does not exist.',
    heading: 'Page not found',
    message: 'The page you are looking for does not exist or has moved.',
    explore: 'explore now',
  },
  serverError: {
    title: 'Oops!',
    description: 'Something went wrong on our side.',
    heading: '500',
    message: 'Something went wrong on our side. Please try again in a moment.',
  },
  footer: {
    rights: 'All rights reserved.',
  },
};

export type Messages = typeof en;
