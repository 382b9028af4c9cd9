import ComingSoonPage from '../placeholders/coming-soon-page';

/** Placeholder: the album form (/album/new and /album/{id}) is built by its own issue. */
export default function AlbumFormPage() {
  return <ComingSoonPage title="Album" text="Adding and editing albums, with automatic cover art, is on its way." />;
}
