import { channel, shell } from '../shell';

/**
 * Invitations opened from outside the app (a `briscola://` link clicked in a chat): the last one,
 * for the Join form to read as it reads a pasted invitation. A link only fills the form.
 */
class Opened {
  /** The link's text, until the Join form takes it. */
  link: string | null = $state(null);

  /** The Join form takes the link (it is its text from now on). */
  take(): string | null {
    const link = this.link;
    this.link = null;
    return link;
  }
}

export const opened = new Opened();

/** Watches for invitations opened from outside; `arrived` runs after each one (to show the Join form). */
export async function watchInvitations(arrived: () => void): Promise<void> {
  await shell().watchInvitations(
    channel<string>((link) => {
      opened.link = link;
      arrived();
    }),
  );
}
