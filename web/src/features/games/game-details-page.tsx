// Placeholder until the game details issue lands
import { Container } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

export function GameDetailsPage() {
  return (
    <Container size="lg">
      <PageTitle title="Game Details" />
    </Container>
  );
}
