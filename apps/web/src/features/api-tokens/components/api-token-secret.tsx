import { SecretOnce } from '../../../components/ui/secret-once';

/** The new token's secret, shown once, with a copy button and the warning that it is gone after. */
export function ApiTokenSecret({ name, secret }: { name: string; secret: string }) {
  return (
    <SecretOnce label="Your new API token" noun="Token" secret={secret}>
      Copy the token “{name}” now: you won’t see it again. Store it like a password.
    </SecretOnce>
  );
}
