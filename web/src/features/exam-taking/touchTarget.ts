/**
 * A finger needs 44 px (WCAG 2.5.5, Apple's and Google's guidance); on a phone every control of
 * the exam screen is at least that tall. From `sm` up a mouse is the likely pointer, so controls
 * keep their own size there.
 */
export const TOUCH_PX = 44;

/** For a Mantine Button's `h`: its inner part is 100 % of the height, so `mih` would leave the label off-centre. */
export const BUTTON_TOUCH_HEIGHT = { base: TOUCH_PX, sm: 'var(--button-height)' } as const;
