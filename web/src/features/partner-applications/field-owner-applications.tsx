import { Title } from '@mantine/core';

/** The admin's 'Field Owners Applications' tab. */
export function FieldOwnerApplications() {
  return (
    <>
      <Title order={2} fz="xl" mb="md">
        Field Owners Applications
      </Title>
      {/* Placeholder until the partner applications issue lands: the read-only paged table of
          applications (10/20/50 rows, 'Loading...', 'Error fetching data: {message}'). */}
    </>
  );
}
