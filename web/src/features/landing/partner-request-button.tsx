import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { usePublicConfig } from '../../hooks/use-public-config';

/**
 * Opens the configured external partner-request form in a new tab; without one (the default),
 * the in-app application page.
 */
export function PartnerRequestButton() {
  const navigate = useNavigate();
  const { data: config } = usePublicConfig();
  const externalForm = config?.partnerFormUrl ?? null;

  const open = () => {
    if (externalForm) window.open(externalForm, '_blank', 'noopener,noreferrer');
    else void navigate('/partner-application');
  };

  return (
    <Button size="lg" onClick={open} rightSection={externalForm ? <IconExternalLink size={18} /> : undefined}>
      Request to Become a Partnered Field
    </Button>
  );
}
