import { Alert, Badge, Button, Card, Container, Grid, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { partnerApplicationBody, type PartnerApplicationInputs } from '@playtime/shared/contract/partners';
import { PARTNER_MESSAGE_MAX, PARTNER_TEXT_MAX } from '@playtime/shared/domain/partners/decider';
import { PageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/notify';
import { useAuth } from '../auth/use-auth';
import { useMyApplications, useSubmitApplication } from './api/applications';

const EMPTY: PartnerApplicationInputs = { contactName: '', email: '', phone: '', fieldName: '', address: '', zipCode: '', city: '', subFields: '', message: '' };

const STATUS_TEXT = { submitted: 'Waiting for an answer', approved: 'Approved: you are a field owner', declined: 'Declined' } as const;

/** The form behind 'Request to Become a Partnered Field' when no external form is configured. */
export function PartnerApplicationPage() {
  const { isAuthenticated } = useAuth();
  const submit = useSubmitApplication();
  const mine = useMyApplications(isAuthenticated);
  // The server's own rules and messages, on each input before sending.
  const form = useForm<PartnerApplicationInputs>({
    initialValues: EMPTY,
    validate: (values) => {
      const result = partnerApplicationBody.safeParse(values);
      return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
    },
  });
  const send = form.onSubmit((values) =>
    submit.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
      },
    }),
  );

  return (
    <Container size="sm">
      <PageTitle title="Request to Become a Partnered Field" />
      {submit.isSuccess ? (
        <Alert color="green" title="Thank you! Your application was sent." mb="lg">
          An admin will look at it soon.{isAuthenticated ? ' Its status shows below.' : ' Log in with the same email to see its status.'}
        </Alert>
      ) : (
        <Card withBorder padding="lg" mb="lg">
          <form onSubmit={send} aria-label="Partner application" noValidate>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Contact name" required maxLength={PARTNER_TEXT_MAX} {...form.getInputProps('contactName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Email" type="email" required maxLength={PARTNER_TEXT_MAX} {...form.getInputProps('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Phone" type="tel" required maxLength={40} {...form.getInputProps('phone')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Field name" required maxLength={PARTNER_TEXT_MAX} {...form.getInputProps('fieldName')} />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput label="Street address" required maxLength={PARTNER_TEXT_MAX} {...form.getInputProps('address')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput label="Zip Code" required maxLength={5} {...form.getInputProps('zipCode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 5 }}>
                <TextInput label="City" required maxLength={PARTNER_TEXT_MAX} {...form.getInputProps('city')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput label="Number of sub-fields" required min={1} allowDecimal={false} {...form.getInputProps('subFields')} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea label="Message" autosize minRows={3} maxLength={PARTNER_MESSAGE_MAX} {...form.getInputProps('message')} />
              </Grid.Col>
            </Grid>
            {submit.isError && !(submit.error instanceof ApiError && submit.error.fields) && (
              <Alert color="red" mt="md">
                {errorMessage(submit.error)}
              </Alert>
            )}
            <Button type="submit" mt="lg" loading={submit.isPending}>
              Send application
            </Button>
          </form>
        </Card>
      )}
      {isAuthenticated && (mine.data?.length ?? 0) > 0 && (
        <Stack gap="xs" aria-label="Your applications">
          <Text fw={600}>Your applications</Text>
          {mine.data!.map((application) => (
            <Card key={application.applicationId} withBorder padding="sm">
              <Text>{application.fieldName}</Text>
              <Badge variant="light" color={application.status === 'approved' ? 'green' : application.status === 'declined' ? 'red' : 'gray'}>
                {STATUS_TEXT[application.status]}
              </Badge>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
