"""`cardgen build --changed-since`: sheets of only the cards whose printed faces changed, made with the build's steps."""
