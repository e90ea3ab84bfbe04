/** The parts of the runtime config the title reads. */
export interface ProductNames {
  productName: string;
  cargoProductName: string;
}

/** Access type 2 shows the cargo variant of the product name (spec 1, 6). */
export const CARGO_ACCESS_TYPE = 2;

/** The product name to show: the cargo variant when the session's access type is 2. */
export function productNameFor(names: ProductNames, accessType: number | undefined, fallbackName = ''): string {
  return (accessType === CARGO_ACCESS_TYPE && names.cargoProductName) || names.productName || fallbackName;
}

/** Spec 1: `${product name} - ${page title}`; the cargo name when the session's access type is 2. */
export function pageTitle(names: ProductNames, accessType: number | undefined, title: string, fallbackName = ''): string {
  const product = productNameFor(names, accessType, fallbackName);
  if (!title) return product;
  return product ? `${product} - ${title}` : title;
}
