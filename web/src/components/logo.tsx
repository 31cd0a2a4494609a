import { Group, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
// Inlined as a data URI (1 KB): the header's mark paints with the page, not one
// request later.
import logoUrl from '../assets/logo.svg?inline';

/** Playtime's mark: a ball on a pitch. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return <img src={logoUrl} width={size} height={size} alt="" aria-hidden />;
}

/** Mark and name, linking home; used in the header (memoised: it never changes while the header does). */
export const Brand = memo(function Brand() {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Playtime home">
      <Group gap={8} wrap="nowrap">
        <LogoMark size={32} />
        <Text fw={800} fz="lg" c="pitch.8" style={{ letterSpacing: '-0.02em' }}>
          Playtime
        </Text>
      </Group>
    </UnstyledButton>
  );
});
