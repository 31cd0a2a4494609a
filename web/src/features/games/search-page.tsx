// Placeholder until the game search issue lands
import { Container } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

export function SearchPage() {
  return (
    <Container size="lg">
      <PageTitle title="Search Games" />
    </Container>
  );
}
