"""One PNG of a group of cards (a fan, a row with reflections, a grid, a pile) for a shop page: `cardgen showcase`."""
