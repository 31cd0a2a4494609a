import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_EMAIL_HINT,
  APPLICATION_STATUS_TEXT,
  APPROVED_ROLE_CHANGED_TEXT,
  partnerApplicationBody,
  SIGN_IN_TO_APPLY_BUTTON,
  SIGN_IN_TO_APPLY_TEXT,
  type PartnerApplicationInputs,
} from '@playtime/shared/contract/partners';
import { rooms } from '@playtime/shared/contract/rooms';
import { PARTNER_MESSAGE_MAX, PARTNER_TEXT_MAX, type ApplicationStatus } from '@playtime/shared/domain/partners/rules';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/notify';
import { useAuth } from '../../lib/auth';
import { useLiveRoom } from '../../hooks/use-live-room';
import { type Role, useCurrentUser } from '../../lib/current-user';
import { useSubmitApplication } from './api/applications';
import { useMyApplications } from './api/my-applications';
import { applicationKeys } from './api/query-keys';

const EMPTY: PartnerApplicationInputs = {
  contactName: '',
  email: '',
  phone: '',
  fieldName: '',
  address: '',
  zipCode: '',
  city: '',
  subFields: '',
  message: '',
};

/**
 * The form behind 'Request to Become a Partnered Field' when no external form is configured. Only a
 * signed-in user applies, for their own account: a guest is asked to log in or sign up first.
 */
export function PartnerApplicationPage() {
  const { isAuthenticated, isLoading, login } = useAuth();
  const { data: user, error } = useCurrentUser();
  return (
    <Container size="sm">
      <PageTitle title="Request to Become a Partnered Field" />
      {!isAuthenticated ? (
        <Card withBorder padding="lg">
          <Text mb="md">{SIGN_IN_TO_APPLY_TEXT}</Text>
          <Button onClick={() => void login()} loading={isLoading}>
            {SIGN_IN_TO_APPLY_BUTTON}
          </Button>
        </Card>
      ) : user ? (
        // Keyed by the account, so its email fills the form as it opens.
        <ApplicationForm key={user.userId} userId={user.userId} email={user.email} role={user.role} />
      ) : error ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Container>
  );
}

function ApplicationForm({ userId, email, role }: { userId: string; email: string; role: Role }) {
  const submit = useSubmitApplication();
  const mine = useMyApplications(true);
  useLiveRoom(rooms.user(userId), [applicationKeys.mine]);
  // The server's own rules and messages, on each input before sending.
  const form = useForm<PartnerApplicationInputs>({
    initialValues: { ...EMPTY, email },
    validate: (values) => {
      const result = partnerApplicationBody.safeParse(values);
      return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
    },
  });
  /** A required text of the application, as long as the contract lets it be. */
  const partnerText = (input: keyof PartnerApplicationInputs) => ({
    required: true,
    maxLength: PARTNER_TEXT_MAX,
    ...form.getInputProps(input),
  });
  const send = form.onSubmit((values) =>
    submit.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
      },
    }),
  );
  // Approved ones without an account are offered to claim above every page (PartnerClaimNotice).
  const own = (mine.data ?? []).filter((application) => application.hasAccount);
  const statusText = (status: ApplicationStatus) =>
    status === 'approved' && role !== 'field owner' && role !== 'admin'
      ? APPROVED_ROLE_CHANGED_TEXT
      : APPLICATION_STATUS_TEXT[status];

  return (
    <>
      {submit.isSuccess ? (
        <Alert color="green" title="Thank you! Your application was sent." mb="lg">
          An admin will look at it soon. Its status shows below.
          {/* A way onward from the thank-you: home, or (once approved) the owner area from the header. */}
          <Group mt="sm">
            <Button component={Link} to="/" variant="light" color="green" size="xs">
              Back to the home page
            </Button>
          </Group>
        </Alert>
      ) : (
        <Card withBorder padding="lg" mb="lg">
          <form onSubmit={send} aria-label="Partner application" noValidate>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Contact name" {...partnerText('contactName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Email"
                  type="email"
                  required
                  readOnly
                  description={ACCOUNT_EMAIL_HINT}
                  {...form.getInputProps('email')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Phone" type="tel" required maxLength={40} {...form.getInputProps('phone')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Field name" {...partnerText('fieldName')} />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput label="Street address" {...partnerText('address')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput label="Zip Code" required maxLength={5} {...form.getInputProps('zipCode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 5 }}>
                <TextInput label="City" {...partnerText('city')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label="Number of sub-fields"
                  required
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps('subFields')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label="Message"
                  autosize
                  minRows={3}
                  maxLength={PARTNER_MESSAGE_MAX}
                  {...form.getInputProps('message')}
                />
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
      {own.length > 0 && (
        <Stack gap="xs" aria-label="Your applications">
          <Text fw={600}>Your applications</Text>
          {own.map((application) => (
            <Card key={application.applicationId} withBorder padding="sm">
              <Text>{application.fieldName}</Text>
              <Badge
                variant="light"
                color={
                  application.status === 'approved' ? 'green' : application.status === 'submitted' ? 'gray' : 'red'
                }
              >
                {statusText(application.status)}
              </Badge>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
