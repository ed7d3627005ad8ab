import { cardTitle, chipLabel, cutText, feedbackAuthor, tileTitle } from './index';

describe('title cutting', () => {
  it('cuts card titles at 20 characters', () => {
    expect(cardTitle('Järelhaagis Respo 750 kg')).toBe('Järelhaagis Respo 75');
    expect(cardTitle('Lühike')).toBe('Lühike');
    expect(cardTitle(null)).toBe('');
  });

  it('cuts public tiles at 17 characters then adds ...', () => {
    expect(tileTitle('Järelhaagis Respo 750 kg')).toBe('Järelhaagis Respo...');
    expect(tileTitle('Seitseteist märki')).toBe('Seitseteist märki');
    expect(tileTitle('Seitseteist märki!')).toBe('Seitseteist märki...');
  });

  it('shows the first 7 characters of a feedback author and 30 of a chip', () => {
    expect(feedbackAuthor('Mari-Liis Tamm')).toBe('Mari-Li');
    expect(chipLabel('a'.repeat(31))).toBe('a'.repeat(30));
  });

  it('never splits a character made of two code units', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀');
  });
});
