/** The organisation's root account: inviter of everyone who registered without an invitation. */
export const ROOT_USER_ID = '00000000-0000-4000-8000-000000000000';
