import { z } from 'zod';
import { CATEGORIES, CATEGORY_ERROR } from './categories.js';

// Apart from categories.ts so that a page needing only the list of categories does not
// download zod (the home page's JavaScript budget, issue 22).
export const categorySchema = z.enum(CATEGORIES, { error: CATEGORY_ERROR });
