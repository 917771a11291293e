// The floor's data: 100 made-up Austrian customers, the same in every build (a fixed seed), so that both variants
// and every run draw the same rows. Written into the build as /kunden.json by vite.config.ts.
import { fakerDE_AT as faker } from '@faker-js/faker';
import type { Kunde } from './dataProvider';

const BETREUER = ['Victor Verkauf', 'Anna Aussendienst', 'Bernd Berater', 'Clara Chef', 'Doris Disposition'];
const STATUS = ['Interessent', 'Angebot', 'Kunde', 'Stammkunde', 'Inaktiv'];

export function kunden(count = 100): Kunde[] {
  faker.seed(20_260_101);
  return Array.from({ length: count }, (_, i) => {
    const lastName = faker.person.lastName();
    const firstName = faker.person.firstName();
    return {
      id: i + 1,
      name: `${lastName} ${firstName}`,
      strasse: `${faker.location.street()} ${faker.location.buildingNumber()}`,
      plz: faker.location.zipCode(),
      ort: faker.location.city(),
      telefon: faker.phone.number(),
      email: faker.internet.email({ firstName, lastName }).toLowerCase(),
      betreuer: faker.helpers.arrayElement(BETREUER),
      status: faker.helpers.arrayElement(STATUS),
      angelegtAm: faker.date.past({ years: 5, refDate: '2026-01-01' }).toISOString(),
    };
  });
}
