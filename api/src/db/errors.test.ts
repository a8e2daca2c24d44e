import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable, isUniqueViolation, statementRefusal } from './errors.ts';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'))],
    ['a refused connection to every address', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
    ['the pool giving up on connecting', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL shutting down', withCode('57P01')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['a closed PGlite', new DrizzleQueryError('select 1', [], new Error('PGlite is closed'))],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new DrizzleQueryError('insert', [], withCode('23505', 'duplicate key value'))],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  const duplicate = Object.assign(withCode('23505', 'duplicate key value'), { constraint: 'orders_paypal_order_id_idx' });

  it('finds a 23505 through Drizzle wrapping, by constraint when asked', () => {
    const wrapped = new DrizzleQueryError('insert', [], duplicate);
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'orders_paypal_order_id_idx')).toBe(true);
    expect(isUniqueViolation(wrapped, 'orders_user_idempotency_key_idx')).toBe(false);
  });

  it('is false for other errors', () => {
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('statementRefusal', () => {
  it('reads the JSON detail of a GR409 through Drizzle wrapping', () => {
    const refused = Object.assign(withCode('GR409', 'refused'), { detail: '{"stock":[{"uuid":"u","stock":0}]}' });
    expect(statementRefusal(new DrizzleQueryError('with', [], refused))).toEqual({ stock: [{ uuid: 'u', stock: 0 }] });
  });

  it('is undefined for other errors', () => {
    expect(statementRefusal(Object.assign(withCode('P0001', 'raised'), { detail: '{}' }))).toBeUndefined();
    expect(statementRefusal(withCode('23505'))).toBeUndefined();
    expect(statementRefusal(undefined)).toBeUndefined();
  });
});
