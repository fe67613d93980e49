import { anyOfKeyword } from './any-of.ts';
import { constKeyword } from './const.ts';
import { enumKeyword } from './enum.ts';
import { formatKeyword } from './format.ts';
import { itemCountKeyword } from './item-count.ts';
import { itemsKeyword } from './items.ts';
import type { Keyword } from './keyword.ts';
import { multipleOfKeyword } from './multiple-of.ts';
import { nullableKeyword } from './nullable.ts';
import { patternKeyword } from './pattern.ts';
import { propertiesKeyword } from './properties.ts';
import { propertyCountKeyword } from './property-count.ts';
import { propertyNamesKeyword } from './property-names.ts';
import { rangeKeyword } from './range.ts';
import { defsKeyword, refKeyword } from './ref.ts';
import { stringLengthKeyword } from './string-length.ts';
import { typeKeyword } from './type.ts';
import { uniqueItemsKeyword } from './unique-items.ts';

/**
 * Every judged keyword's module, in the order the plan reads them (and the order in which the
 * checks of one kind of value are emitted and told). Its keywords are exactly
 * `GATE_KEYWORDS.judged` (a test holds the two together): adding a keyword is one module and one
 * line here.
 */
export const KEYWORD_TABLE: readonly Keyword[] = Object.freeze([
  typeKeyword,
  enumKeyword,
  constKeyword,
  nullableKeyword,
  rangeKeyword,
  multipleOfKeyword,
  formatKeyword,
  stringLengthKeyword,
  patternKeyword,
  propertiesKeyword,
  propertyNamesKeyword,
  propertyCountKeyword,
  itemsKeyword,
  itemCountKeyword,
  uniqueItemsKeyword,
  anyOfKeyword,
  defsKeyword,
  refKeyword,
]);
