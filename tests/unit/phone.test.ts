import { describe, expect, it } from 'vitest';
import { TENANT_COUNTRY } from '../../src/resources/country.rules';
import customerEntity from '../../src/resources/customers/customer.entity';
import { endCustomerForm } from '../../src/resources/customers/endCustomer.form';
import { normalizePhone, phoneProblem, phoneSearchDigits } from '../../src/resources/customers/phone.rules';
import { entitySchema } from '../../src/resources/entitySchema';

describe('normalizePhone', () => {
  it.each([
    ['0463 / 12 34-56', 'AT', '+43 463 123456'],
    ['0049 89 555123', 'AT', '+49 89 555123'],
    ['089 555 123', 'DE', '+49 89 555123'],
    ['089 1234567', 'DE', '+49 89 1234567'],
    ['0171 1234567', 'DE', '+49 171 1234567'],
    ['+43 (0) 4242 98765', 'AT', '+43 4242 98765'],
    ['+43 664 1234567', 'AT', '+43 664 1234567'],
    // Austrian area codes of every length (Wien 1, Klagenfurt 463, Villach 4242, mobile 664).
    ['01 5861234', 'AT', '+43 1 5861234'],
    ['04242123456', 'AT', '+43 4242 123456'],
    ['0664 1111111', 'AT', '+43 664 1111111'],
    ['  ', 'AT', ''],
  ])('"%s" (%s) → "%s"', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected);
  });
});

describe('phoneProblem', () => {
  it('refuses letters and numbers too short to dial, accepts what people type', () => {
    expect(phoneProblem('abc', 'AT')).toMatch(/nur Ziffern/);
    expect(phoneProblem('0664 12ab', 'AT')).toMatch(/nur Ziffern/);
    expect(phoneProblem('12', 'AT')).toMatch(/vollständige Telefonnummer/);
    expect(phoneProblem('0463 / 12 34-56', 'AT')).toBeNull();
    expect(phoneProblem('', 'AT')).toBeNull();
  });

  // "089 1234567" read in Austria is "+43 891 234567": possible by its length, but no Austrian number.
  it('refuses a number that is no valid number of the chosen country, naming the country', () => {
    expect(phoneProblem('089 1234567', 'AT')).toMatch(/Keine gültige Telefonnummer in Österreich/);
    expect(phoneProblem('089 1234567', 'DE')).toBeNull();
    // Wien's "01 …" has no German counterpart (most Austrian area codes do: 0463 is a German one too).
    expect(phoneProblem('01 5861234', 'DE')).toMatch(/Keine gültige Telefonnummer in Deutschland/);
    expect(phoneProblem('+43 891 234567', 'DE')).toMatch(/gibt es so nicht/);
    // A number with its country code is read as that country's, whatever the customer's Land.
    expect(phoneProblem('+43 664 1234567', 'DE')).toBeNull();
  });
});

describe('the customer rules per tenant (yup context, as form and server validate)', () => {
  const customer = entitySchema(customerEntity);
  const context = (tenant: keyof typeof TENANT_COUNTRY) => ({ homeCountry: TENANT_COUNTRY[tenant] });
  const valid = (value: object, tenant: keyof typeof TENANT_COUNTRY) =>
    customer.validate(value, { context: context(tenant), abortEarly: false, stripUnknown: true });

  it('Rekord: Land Deutschland unless chosen, "089 1234567" → "+49 89 1234567", five-digit PLZ', async () => {
    expect(customer.getDefault({ context: context('rekord') }).country).toBe('DE');
    const saved = await valid(
      { lastName: 'Huber', zip: '80331', phone: '089 1234567', mobile: '0171 1234567' },
      'rekord',
    );
    expect(saved).toMatchObject({ country: 'DE', phone: '+49 89 1234567', mobile: '+49 171 1234567' });
    await expect(valid({ lastName: 'Huber', zip: '9500' }, 'rekord')).rejects.toThrow(
      /deutsche PLZ hat 5 Ziffern/,
    );
    // Chosen by hand, Österreich reads the number as Austrian and refuses it.
    await expect(
      valid({ lastName: 'Huber', country: 'AT', zip: '9500', phone: '089 1234567' }, 'rekord'),
    ).rejects.toThrow(/Keine gültige Telefonnummer in Österreich/);
  });

  it('Strussnig: Land Österreich unless chosen, "0463 123456" → "+43 463 123456", four-digit PLZ', async () => {
    expect(customer.getDefault({ context: context('strussnig') }).country).toBe('AT');
    const saved = await valid({ lastName: 'Huber', zip: '9020', phone: '0463 123456' }, 'strussnig');
    expect(saved).toMatchObject({ country: 'AT', phone: '+43 463 123456' });
    await expect(valid({ lastName: 'Huber', zip: '80331' }, 'strussnig')).rejects.toThrow(
      /österreichische PLZ hat 4 Ziffern/,
    );
    await expect(valid({ lastName: 'Huber', phone: '089 1234567' }, 'strussnig')).rejects.toThrow(
      /Keine gültige Telefonnummer in Österreich/,
    );
    // A German customer of Strussnig: the number is read in the customer's own Land.
    expect(
      await valid({ lastName: 'Huber', country: 'DE', zip: '80331', phone: '089 1234567' }, 'strussnig'),
    ).toMatchObject({
      phone: '+49 89 1234567',
    });
  });

  it('checks one field in place by the stored Land (validateAt), and an Endkunde by the home country', async () => {
    expect(await customer.validateAt('phone', { country: 'DE', lastName: 'X', phone: '089 1234567' })).toBe(
      '+49 89 1234567',
    );
    await expect(
      customer.validateAt('phone', { country: 'AT', lastName: 'X', phone: '089 1234567' }),
    ).rejects.toThrow(/Österreich/);
    const endCustomer = await entitySchema(endCustomerForm).validate(
      { name: 'Bau GmbH', phone: '089 1234567' },
      { context: context('rekord') },
    );
    expect(endCustomer).toMatchObject({ country: 'DE', phone: '+49 89 1234567' });
  });
});

describe('phoneSearchDigits', () => {
  it.each([
    ['+43 4242 123456', '434242123456'],
    ['0043 4242 123456', '434242123456'],
    ['04242 123456', '4242123456'],
    ['04242123456', '4242123456'],
    ['4242 123456', '4242123456'],
    ['0664 1111111', '6641111111'],
  ])('"%s" is searched as %s, which the stored digits contain', (input, expected) => {
    expect(phoneSearchDigits(input)).toBe(expected);
  });

  it('is null for names and for too few digits', () => {
    expect(phoneSearchDigits('werle carlo')).toBeNull();
    expect(phoneSearchDigits('12')).toBeNull();
  });
});
