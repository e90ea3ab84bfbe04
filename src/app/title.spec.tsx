// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pageTitle, productNameFor } from './title';

const names = { productName: 'Cargo Shipment Portal', cargoProductName: 'Cargo Shipment Portal (Cargo)' };

describe('page title (spec 1)', () => {
  it('is the product name, a dash and the page title', () => {
    expect(pageTitle(names, 1, 'Login')).toBe('Cargo Shipment Portal - Login');
    expect(pageTitle(names, undefined, 'Shipments')).toBe('Cargo Shipment Portal - Shipments');
  });

  it('uses the cargo name when the access type is 2', () => {
    expect(pageTitle(names, 2, 'Shipments')).toBe('Cargo Shipment Portal (Cargo) - Shipments');
    expect(productNameFor(names, 2)).toBe('Cargo Shipment Portal (Cargo)');
    expect(productNameFor(names, 3)).toBe('Cargo Shipment Portal');
  });

  it('falls back when a name is not configured', () => {
    expect(pageTitle({ productName: 'P', cargoProductName: '' }, 2, 'Shipments')).toBe('P - Shipments');
    expect(pageTitle({ productName: '', cargoProductName: '' }, 1, 'Login', 'Cargo Portal')).toBe('Cargo Portal - Login');
    expect(pageTitle({ productName: '', cargoProductName: '' }, 1, 'Login')).toBe('Login');
    expect(pageTitle(names, 1, '')).toBe('Cargo Shipment Portal');
  });
});
