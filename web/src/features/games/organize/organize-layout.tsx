// Placeholder until the organize wizard issue lands
import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

/** Parent of /organize/*: the wizard's shared frame. */
export function OrganizeLayout() {
  return (
    <Container size="lg">
      <Outlet />
    </Container>
  );
}
