import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useCloseFieldDay } from './api/availability';

/**
 * 'Closed on 25 Dec' (issue #30): no availability on a day of the field's calendar, on every sub-field.
 * While games are booked that day the server names them; their captains must cancel them first.
 */
export function CloseDayForm({ fieldId, timeZone }: { fieldId: string; timeZone: string }) {
  const closeFieldDay = useCloseFieldDay();
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date === '') {
      setProblem('Choose the day to close');
      return;
    }
    setProblem(undefined);
    closeFieldDay.mutate(
      { fieldId, date },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setDate('');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Close the field for a day">
      <Group align="flex-start" gap="sm">
        <TextInput
          type="date"
          label="Close for a day"
          description={`A day in the field's time zone (${timeZone})`}
          value={date}
          error={problem}
          onChange={(event) => setDate(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        <Button
          type="submit"
          variant="default"
          mt={{ base: 0, xs: 44 }}
          leftSection={<IconCalendarOff size={16} />}
          loading={closeFieldDay.isPending}
        >
          Close the day
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        Games booked that day are named first; their captains must cancel them.
      </Text>
    </form>
  );
}
