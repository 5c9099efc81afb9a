/** Examples of the products schemas, in Chatwoot's shapes, for /openapi.json. */

export const ProductExample = {
  id: 7,
  conversation_id: 42,
  product_name: 'Pro plan',
  product_value: '59.97',
  quantity: 1,
  notes: 'Annual billing',
  total: '59.97',
  created_at: 1763892900,
  updated_at: 1763892900,
}

export const ProductListExample = {
  payload: [ProductExample],
  meta: {
    count: 1,
    total: '59.97',
  },
}

export const ProductInputExample = {
  product_name: 'Pro plan',
  product_value: '19.99',
  quantity: 1,
  notes: 'Annual billing',
}

export const ProductUpdateExample = ProductInputExample
