import { BRAND } from '@licensewatch/shared/brand';
import { createContext, useContext } from 'react';

/**
 * The application's name as the operator set it (application_name), for email templates: sendEmail
 * reads the setting once per email and provides it around the template, so templates stay pure
 * functions of their props and never query.
 */
export const BrandNameContext = createContext<string>(BRAND.name);

export const useBrandName = () => useContext(BrandNameContext);
