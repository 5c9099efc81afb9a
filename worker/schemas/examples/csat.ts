/** Examples for the CSAT survey responses API (Chatwoot's). */

export const CsatSurveyResponseExample = {
  id: 12,
  rating: 5,
  feedback_message: 'Quick and kind, thank you!',
  account_id: 1,
  message_id: 481,
  contact: {
    id: 7,
    name: 'Mia Lopez',
    email: 'mia@example.com',
    phone_number: null,
    thumbnail: '',
  },
  conversation_id: 42,
  assigned_agent: {
    id: 3,
    name: 'Ana Ruiz',
    available_name: 'Ana',
    email: 'ana@example.com',
    thumbnail: '',
  },
  created_at: 1763856000,
}

export const CsatSurveyResponsesExample = [CsatSurveyResponseExample]

export const CsatMetricsExample = {
  total_count: 40,
  ratings_count: { '1': 2, '2': 1, '3': 5, '4': 12, '5': 20 },
  total_sent_messages_count: 64,
  satisfaction_score: 80,
  response_rate: 62.5,
}
