import { SecretOnce } from '../../../components/ui/secret-once';

/** The endpoint's signing secret, shown once, with a copy button. */
export function WebhookSecret({ secret }: { secret: string }) {
  return (
    <SecretOnce label="Signing secret" noun="Secret" secret={secret}>
      Copy the signing secret now: you won’t see it again. Your receiver uses it to check the
      Formbridge-Signature header of each event.
    </SecretOnce>
  );
}
