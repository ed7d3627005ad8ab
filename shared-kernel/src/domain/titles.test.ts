import { cardTitle, chipLabel, cutText, feedbackAuthor, tileTitle } from './index';

describe('title cutting', () => {
  it('cuts card titles at 20 characters and marks the cut with …', () => {
    expect(cardTitle('Rataslaadur Volvo L30G')).toBe('Rataslaadur Volvo L3…');
    expect(cardTitle('Järelhaagis Respo 750 kg')).toBe('Järelhaagis Respo 75…');
    expect(cardTitle('Kakskümmend märki!!!')).toBe('Kakskümmend märki!!!');
    expect(cardTitle('Lühike')).toBe('Lühike');
    expect(cardTitle(null)).toBe('');
  });

  it('cuts public tiles at 17 characters, then …', () => {
    expect(tileTitle('Järelhaagis Respo 750 kg')).toBe('Järelhaagis Respo…');
    expect(tileTitle('Seitseteist märki')).toBe('Seitseteist märki');
    expect(tileTitle('Seitseteist märki!')).toBe('Seitseteist märki…');
  });

  it('puts the … right after the last letter, not after a space', () => {
    expect(tileTitle('Väga pika nimega sõiduautohaagis')).toBe('Väga pika nimega…');
  });

  it('shows the first 7 characters of a feedback author and 30 of a chip, without a mark', () => {
    expect(feedbackAuthor('Mari-Liis Tamm')).toBe('Mari-Li');
    expect(chipLabel('a'.repeat(31))).toBe('a'.repeat(30));
  });

  it('never splits a character made of two code units', () => {
    expect(cutText('😀😀😀', 2)).toBe('😀😀');
    expect(cutText('😀😀😀', 2, '…')).toBe('😀😀…');
  });
});
