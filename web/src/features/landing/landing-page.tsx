import type { ReactNode } from 'react';
import { Box, Button, Card, Center, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg?inline';
import { AUDIENCES, type Audience, type Feature } from './audiences';
import classes from './landing.module.css';
import { PartnerRequestButton } from './partner-request-button';

function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <Card padding="lg" className={classes.featureCard}>
      <ThemeIcon size={44} radius="md" variant="light">
        <Icon size={24} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz="lg" mt="md">
        {feature.name}
      </Text>
      <Text c="dimmed" fz="sm" mt={6}>
        {feature.description}
      </Text>
    </Card>
  );
}

function AudienceSection({ audience, children }: { audience: Audience; children?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`audience-${audience.title}`}>
      <Title order={2} id={`audience-${audience.title}`} fz={{ base: 24, sm: 30 }}>
        {audience.title}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {audience.subtitle}
      </Text>
      {/* Four cards sit in one row (two by two when narrower), never three and one alone. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: audience.features.length === 4 ? 4 : 3 }} spacing="lg">
        {audience.features.map((feature) => (
          <FeatureCard key={feature.name} feature={feature} />
        ))}
      </SimpleGrid>
      {children}
    </Box>
  );
}

export function LandingPage() {
  return (
    <Container size="lg" py={{ base: 'sm', sm: 'md' }}>
      <header className={classes.hero}>
        <Group className={classes.heroContent} gap="xl" wrap="wrap" align="center">
          <img src={logoUrl} alt="Playtime logo" width={112} height={112} className={classes.heroLogo} />
          <Stack gap="sm" style={{ flex: '1 1 320px' }}>
            <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.05} c="white">
              Playtime Made Easy
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} maw={560} c="white" opacity={0.92}>
              Pick-up football without the group chat: find a game near you, book the pitch, and watch the teams fill up
              live.
            </Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to="/search" size="md" variant="white" color="dark">
                Find a game
              </Button>
            </Group>
          </Stack>
        </Group>
      </header>

      <Stack gap={56} mt={48}>
        {AUDIENCES.map((audience) => (
          <AudienceSection key={audience.title} audience={audience}>
            {audience.title === 'Owners' && (
              <Center mt="xl">
                <PartnerRequestButton />
              </Center>
            )}
          </AudienceSection>
        ))}
      </Stack>
    </Container>
  );
}
