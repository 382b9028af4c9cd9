import ComingSoonPage from '../placeholders/coming-soon-page';

/** Placeholder: the public shared collection view (/shared/{token}) is built by its own issue. */
export default function SharedCollectionPage() {
  return <ComingSoonPage title="Shared Collection" text="Read-only shared collections are on their way." />;
}
