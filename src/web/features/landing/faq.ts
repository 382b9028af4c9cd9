import { PRICE_LABEL, TRIAL_DAYS } from '../../../common/constants';

/** The six questions of docs/product/landing.md#landing, in its order, with answers a collector can act on. */
export const FAQ = [
  {
    question: 'How do I get started?',
    answer:
      'Choose Get Started, enter your e-mail address and a password, and you are in. Name your first collection, then add an album with its title and artist: Spindle looks up the cover for you. Label, release year, condition, price and where you bought it are all optional, so you can fill them in as you go.',
  },
  {
    question: 'Can I try Spindle before I pay?',
    answer: `Yes. Every new account starts with a ${TRIAL_DAYS}-day free trial with every feature switched on. We let you know when the trial is about to end, and you decide then whether to continue: when it ends, Spindle asks you to subscribe before you can use your collections again. Whatever you decide, your catalogue stays yours and can be downloaded as CSV at any time. If you later cancel a paid plan, you keep up to 3 collections of 50 albums for free.`,
  },
  {
    question: 'Do I need a credit card to sign up?',
    answer:
      'No. The free trial needs nothing but an e-mail address and a password. You only enter payment details if you choose to subscribe when the trial ends.',
  },
  {
    question: 'Who is Spindle for?',
    answer:
      'Everyday vinyl hobbyists, whether you own forty records or four thousand. If you have ever bought a second copy of an album at a record fair, lost track of who borrowed your favourite reissue, or wanted to show a friend your shelves from across town, Spindle was made for you.',
  },
  {
    question: 'How much does it cost?',
    answer: `One plan, one price: ${PRICE_LABEL} a year for everything: collections, cover art search, sharing, CSV export, analytics and your list of record stores. There are no tiers and no add-ons.`,
  },
  {
    question: 'How do I add cover art?',
    answer:
      'When you add an album, Spindle searches for its cover by album name and artist and shows you the matches to choose from. If the right sleeve is not among them, upload a photo or scan of your own copy, or paste a link to an image.',
  },
] as const;
