// Display catalogue from spec §9. Entitlements and payment-provider price ids belong to the
// billing issue; when that lands, this should move to packages/shared next to them.
export type PlanType = 'individual' | 'business';

export type Plan = {
  id: 'free' | 'basic' | 'premium' | 'small' | 'growth' | 'enterprise';
  name: string;
  price: string;
  period: string;
  type: PlanType;
  features: string[];
};

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: '/month',
    type: 'individual',
    features: ['Track one state license', 'Daily updates'],
  },
  {
    id: 'basic',
    name: 'Basic',
    price: '$10',
    period: '/month',
    type: 'individual',
    features: ['All state licenses', 'Daily updates'],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '$15',
    period: '/month',
    type: 'individual',
    features: ['All state licenses', 'Daily updates', 'Email notifications'],
  },
  {
    id: 'small',
    name: 'Small',
    price: '$250',
    period: '/month',
    type: 'business',
    features: ['Up to 50 licenses', 'API access', 'Admin dashboard'],
  },
  {
    id: 'growth',
    name: 'Growth',
    price: '$500',
    period: '/month',
    type: 'business',
    features: ['Up to 200 licenses', 'API access', 'Bulk export reports'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: '$1,000',
    period: '/month',
    type: 'business',
    features: ['Unlimited licenses', 'Custom API integrations', 'Priority support'],
  },
];
