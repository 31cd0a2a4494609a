// Placeholder until the field management issue lands
import { Container } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

export function FieldOwnerPage() {
  return (
    <Container size="lg">
      <PageTitle title="Field Management" />
    </Container>
  );
}
