// The one rule for secrets on screen: a value whose name looks like a key or a password is shown as ***, at any
// depth (dvr.destination.secret_key, simulcastTargets[].streamKey). Forms are exempt: a user task that shows a
// stream key does so on purpose (Start your encoder), and gets the variables as they are.

const SECRET_NAME = /(?:access_?key|secret_?key|private_?key|stream_?key|api_?key|secret|password|passphrase)$/i;

export const MASK = '***';

export function isSecretName(name) {
  return SECRET_NAME.test(name);
}

/** A copy of the value with every secret-named field masked. */
export function maskSecrets(value) {
  if (Array.isArray(value)) {
    return value.map(maskSecrets);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, field]) =>
      [name, isSecretName(name) && field !== null ? MASK : maskSecrets(field)]));
  }
  return value;
}

/** The variable's value for display: masked entirely when its own name is secret, else field by field. */
export function maskVariable(name, value) {
  return isSecretName(name) && value !== null ? MASK : maskSecrets(value);
}
