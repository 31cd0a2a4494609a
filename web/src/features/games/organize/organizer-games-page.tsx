// Placeholder until the organizer games issue lands
import { PageTitle } from '../../../components/page-title';

export function OrganizerGamesPage() {
  return <PageTitle title="Upcoming Games" />;
}
