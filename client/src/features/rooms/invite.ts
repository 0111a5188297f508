/** The direct message an invite is (spec part 7: messages/send carries a join link message). */
export function inviteMessage(roomName: string, link: string): string {
  return `Join my collaboration room "${roomName}": ${link}`;
}

/** Who the host screen invites as soon as its room exists (Collaborate on a person's card). */
export const INVITE_PARAM = 'with';
