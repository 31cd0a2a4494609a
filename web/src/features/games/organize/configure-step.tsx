import { MAX_PLAYERS, MAX_PLAYERS_STEP, MIN_PLAYERS } from '@playtime/shared/domain/games/rules';
import { Box, Button, Group, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../users';
import { defaultGameName, MAX_PLAYERS_MARKS, priceError, type WizardDraft } from './wizard-state';
import { useWizard } from './wizard-store';

/** The game's name as it will be created: what the captain typed, else the spec's default. */
export function useGameName(draft: WizardDraft): string {
  const user = useCurrentUser();
  return draft.name?.trim() || defaultGameName(user.data?.nickname || user.data?.username);
}

/** Step 2: the game's name, its player cap and its entry fee (spec §2 Configure, §5). */
export function ConfigureStep() {
  const { state, dispatch } = useWizard();
  const navigate = useNavigate();
  const { draft } = state;
  const gameName = useGameName(draft);
  const name = draft.name ?? gameName;
  const invalidPrice = priceError(draft.price);
  const configure = (change: Partial<{ name: string; maxPlayers: number; price: string }>) =>
    dispatch({ type: 'configure', name, maxPlayers: draft.maxPlayers, price: draft.price, ...change });

  return (
    <Stack gap="lg">
      <TextInput label="Game Name" value={name} onChange={(event) => configure({ name: event.currentTarget.value })} />
      <Box px="xs" pb="lg">
        <Text fz="sm" fw={500} mb={4}>
          Max Players: {draft.maxPlayers}
        </Text>
        <Slider
          min={MIN_PLAYERS}
          max={MAX_PLAYERS}
          step={MAX_PLAYERS_STEP}
          marks={MAX_PLAYERS_MARKS.map((value) => ({ value, label: String(value) }))}
          value={draft.maxPlayers}
          onChange={(value) => configure({ maxPlayers: value })}
          thumbLabel="Max Players"
        />
      </Box>
      <TextInput
        label="Price"
        description="Entry fee per player, in dollars"
        placeholder="$0"
        inputMode="decimal"
        value={draft.price}
        error={invalidPrice}
        onChange={(event) => configure({ price: event.currentTarget.value })}
      />
      <Group justify="flex-end">
        <Button disabled={invalidPrice !== null} onClick={() => void navigate('/organize/confirm')}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
