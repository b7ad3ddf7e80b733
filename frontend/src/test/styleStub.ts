// Jest stand-in for imported stylesheets.
export default {};
