import { Center, Loader, type MantineSpacing } from '@mantine/core';

/** A spinner centred in its place while something loads, named for screen readers by what it waits for. */
export function Loading({ label, py = 'md' }: { label: string; py?: MantineSpacing }) {
  return (
    <Center py={py}>
      <Loader role="progressbar" aria-label={label} />
    </Center>
  );
}
