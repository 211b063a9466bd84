// Groovy's JavaBean accessor names, as every stage reads them: `x.getStatus()` reads the property
// `status`, and a declared `isOn()` is the boolean property `on`.

/** The property a getter named `getX` reads (`getStatus` → `status`), or undefined for any other name. */
export function getterProperty(name: string): string | undefined {
  return /^get[A-Z]/.test(name) ? decapitalize(name.slice(3)) : undefined;
}

/** The property a boolean getter named `isX` reads (`isOn` → `on`), or undefined for any other name. */
export function booleanGetterProperty(name: string): string | undefined {
  return /^is[A-Z]/.test(name) ? decapitalize(name.slice(2)) : undefined;
}

/** The getter that reads a property (`childApps` → `getChildApps`). */
export function getterOf(property: string): string {
  return `get${property.charAt(0).toUpperCase()}${property.slice(1)}`;
}

function decapitalize(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
