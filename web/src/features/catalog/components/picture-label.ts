/** The alt text of a gallery picture: 'Name, picture 2 of 3' (just the name when there is one). */
export const pictureLabel = (name: string, i: number, n: number) => (n > 1 ? `${name}, picture ${i + 1} of ${n}` : name);
