// Founder interview questions answerable on a founder profile (answer_interview).
export const INTERVIEW_QUESTIONS: readonly string[] = [
  'What problem are you solving, and who has it most?',
  'How did you come up with the idea?',
  'What did you build first, and how long did it take?',
  'How did you find your first ten customers?',
  'What is your tech stack, and why did you choose it?',
  'What was the hardest moment so far, and how did you get through it?',
  'How do you make money, and what did you learn about pricing?',
  'Which marketing channel has worked best for you?',
  'What tools could you not run the company without?',
  'What advice would you give someone starting today?',
];
