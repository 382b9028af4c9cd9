import { FREE_TIER_MAX_ALBUMS_PER_COLLECTION, FREE_TIER_MAX_COLLECTIONS, PRICE_LABEL, TRIAL_DAYS } from '../../../common/constants';

export const TERMS_LAST_UPDATED = { iso: '2025-02-24', label: 'February 24, 2025' } as const;

export interface TermsSection {
  title: string;
  paragraphs: readonly string[];
}

/** The 14 sections of docs/product/landing.md#terms, in its order. {email} stands for the support address. */
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: 'Introduction',
    paragraphs: [
      'Welcome to Spindle, a web application for cataloguing, organising and sharing vinyl record collections. These Terms of Service ("Terms") govern your access to and use of Spindle, including the website, the application and any related services (together, the "Service").',
      'By creating an account or otherwise using the Service you agree to be bound by these Terms. If you do not agree, please do not use the Service.',
    ],
  },
  {
    title: 'Account Registration',
    paragraphs: [
      'To use most of the Service you need an account. You register with a valid e-mail address, which becomes your username, and a password of at least 8 characters. You agree to give accurate information and to keep it up to date.',
      'You are responsible for keeping your password confidential and for everything that happens under your account. Tell us straight away at {email} if you believe someone has used your account without your permission. You must be at least 16 years old, or the age of digital consent where you live, to create an account.',
    ],
  },
  {
    title: 'Subscription and Free Trial',
    paragraphs: [
      `Every new account starts with a free trial of ${TRIAL_DAYS} days with full access to the Service. No credit card is needed to start the trial. We will let you know before the trial ends.`,
      `After the trial, continued full access requires a Premium Membership at ${PRICE_LABEL} (US dollars) per year, billed in advance through our payment provider. Your subscription renews automatically at the end of each yearly period at the then-current price until you cancel it. You can cancel at any time; the cancellation takes effect at the end of the period you have already paid for.`,
      `Payments are non-refundable, and we do not give refunds or credits for partial subscription periods or for periods in which the Service was not used, except where the law requires it. After a paid subscription ends, your account continues on a free tier limited to ${FREE_TIER_MAX_COLLECTIONS} collections of up to ${FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums each. If we change the price, we will tell you in advance, and the new price applies from your next renewal.`,
    ],
  },
  {
    title: 'User Content Licence',
    paragraphs: [
      'You keep ownership of everything you add to the Service, such as album details, notes, photographs and cover images you upload, and your list of record stores ("User Content").',
      'You grant Spindle a worldwide, non-exclusive, royalty-free licence to store, copy, process and display your User Content only as needed to operate and improve the Service for you, including showing a collection to the people you share it with. This licence ends when you delete the content or your account, except for copies kept for a limited time in backups. You confirm that you have the rights needed to upload your User Content and that it does not infringe anyone else\'s rights.',
    ],
  },
  {
    title: 'Intellectual Property',
    paragraphs: [
      'The Service, including its software, design, text, logos and the Spindle name, belongs to Spindle and its licensors and is protected by copyright, trademark and other laws. These Terms give you a personal, non-transferable right to use the Service as offered; they do not give you any other rights in it.',
      'Album artwork and other third-party material shown in the Service remain the property of their respective owners.',
    ],
  },
  {
    title: 'Feedback',
    paragraphs: [
      'We welcome ideas and suggestions. If you send us feedback, you agree that we may use it to improve the Service without any obligation or payment to you. Feedback does not change the ownership of your User Content.',
    ],
  },
  {
    title: 'Promotions',
    paragraphs: [
      'From time to time we may offer promotions, such as discounted subscriptions or extended trials. Each promotion may have its own terms, which will be shown with it and which apply together with these Terms. A promotion cannot be exchanged for cash and may end at any time unless its terms say otherwise.',
    ],
  },
  {
    title: 'Restrictions',
    paragraphs: [
      'When using the Service you agree not to: break any law or anyone else\'s rights; upload content that is unlawful, infringing, harmful or malicious; try to reach accounts, data or systems you are not authorised to use; interfere with or overload the Service, or probe, scan or test its vulnerabilities without our written permission; copy, scrape or resell the Service, or use it to build a competing product; or reverse engineer the Service except where the law allows it.',
      'Share links are meant for friends and family. Do not use them to distribute content you do not have the right to share.',
    ],
  },
  {
    title: 'Termination',
    paragraphs: [
      'You may stop using the Service and ask us to delete your account at any time. We may suspend or close your account if you seriously or repeatedly break these Terms, if we are required to by law, or if your use puts the Service or other users at risk. Where reasonable we will tell you first and give you the chance to export your collection.',
      'When your account is closed, your right to use the Service ends and we will delete your User Content within a reasonable time, except where we must keep it by law. Sections that by their nature should survive termination, including Intellectual Property, Disclaimer, Limitation of Liability and Governing Law, continue to apply.',
    ],
  },
  {
    title: 'Disclaimer',
    paragraphs: [
      'The Service is provided "as is" and "as available". To the extent permitted by law, we make no warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the Service will be uninterrupted or error-free, or that cover art and other information found automatically will be accurate. Please keep your own copy of important data; the CSV export is there for that.',
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'To the fullest extent permitted by law, Spindle will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill, arising from your use of or inability to use the Service. Our total liability for any claim relating to the Service is limited to the amount you paid us in the twelve months before the claim arose. Nothing in these Terms limits liability that cannot be limited by law.',
    ],
  },
  {
    title: 'Changes to These Terms',
    paragraphs: [
      'We may update these Terms from time to time, for example to reflect changes to the Service or to the law. The date at the top of this page shows when they last changed. If a change is significant we will tell you by e-mail or in the Service before it takes effect. By continuing to use the Service after the changes take effect, you accept the updated Terms.',
    ],
  },
  {
    title: 'Governing Law',
    paragraphs: [
      'These Terms are governed by the laws of the State of Washington, USA, without regard to its conflict-of-law rules. Any dispute arising from these Terms or the Service will be brought in the state or federal courts located in Washington, and you and Spindle consent to their jurisdiction, unless the law of the country where you live gives you the right to bring proceedings there.',
    ],
  },
  {
    title: 'Contact Us',
    paragraphs: ['Questions about these Terms, or about the Service in general? Write to us at {email} and we will get back to you.'],
  },
];
